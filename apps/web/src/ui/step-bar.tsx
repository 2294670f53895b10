import bars from './service-bars.module.css';

export interface StepBarProps {
  /** Step names in order (contract StepLists). */
  steps: readonly string[];
  /** Index of the step the person is at (0-based); earlier steps show as done. */
  current: number;
  label?: string;
}

/** The step bar of spec §2: numbered steps, the current one highlighted, earlier ones done. */
export function StepBar({ steps, current, label = '服务流程' }: StepBarProps) {
  return (
    <ol className={bars.steps} aria-label={label} data-testid="step-bar">
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={`${bars.step} ${state === 'done' ? bars.stepDone : state === 'current' ? bars.stepCurrent : ''}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={bars.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <span className={bars.stepName}>{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
