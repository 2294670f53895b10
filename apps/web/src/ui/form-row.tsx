import { type ReactNode, useId } from 'react';
import forms from './forms.module.css';

export interface FormRowProps {
  /** The label, left of the control on the same line (about four Chinese characters wide). */
  label: ReactNode;
  /**
   * The control: a node (an `<input className={forms.input}>` …), or a function given the id the
   * label points at — needed when the row has an `action`.
   */
  children: ReactNode | ((id: string) => ReactNode);
  /** Something at the row's right end, inside the row (获取验证码, a unit …). */
  action?: ReactNode;
  /** The control's id when it sets its own (then `children` may be a node even with an action). */
  htmlFor?: string;
  /** A textarea or other tall control: the label stays at the top. */
  multiline?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A form row: label + control + optional action on one line inside one grey box, never wrapping
 * (the control shrinks, the label and the action keep their width). Without an action and an id
 * the whole row is the `<label>`; with one, the label points at the control by id, so the action's
 * text is not part of the control's name.
 *
 *   <FormRow label="手机号"><input className={forms.input} name="mobile" … /></FormRow>
 *   <FormRow label="验证码" action={<button className={forms.codeLink}>获取验证码</button>}>
 *     {(id) => <input id={id} className={forms.input} name="code" … />}
 *   </FormRow>
 */
export function FormRow({ label, children, action, htmlFor, multiline, className, testId }: FormRowProps) {
  const generated = useId();
  const id = htmlFor ?? generated;
  const rowClass = [forms.field, multiline ? forms.fieldMultiline : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const control = typeof children === 'function' ? children(id) : children;
  const byId = typeof children === 'function' || htmlFor !== undefined;
  if (!byId && !action) {
    return (
      // biome-ignore lint/a11y/noLabelWithoutControl: the control is the label's child (`children`).
      <label className={rowClass} data-testid={testId}>
        <span className={forms.fieldLabel}>{label}</span>
        {control}
      </label>
    );
  }
  return (
    <div className={rowClass} data-testid={testId}>
      <label className={forms.fieldLabel} htmlFor={byId ? id : undefined}>
        {label}
      </label>
      {control}
      {action}
    </div>
  );
}
