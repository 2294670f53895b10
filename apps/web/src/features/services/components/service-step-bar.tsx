import {
  type ServiceKind,
  type ServiceOrderState,
  serviceFormStepIndex,
  serviceStepIndex,
  serviceSteps,
} from '@lawline/contract';
import { StepBar } from '../../../ui/step-bar.tsx';

export type ServiceStepBarProps =
  /** An order: the bar at its state (none for a cancelled one). */
  | { kind: ServiceKind; state: ServiceOrderState }
  /** An order form (the order does not exist yet): the bar at the kind's form step. */
  | { kind: ServiceKind; form: true }
  /** The service's intro: the bar at its first step (立即下单). */
  | { kind: ServiceKind; intro: true };

/**
 * The step bar of a service (spec §4 step lists: faceConsult, lawyerLetter, lawsuit …) from the
 * contract's step plan; renders nothing where the plan shows no bar (cancelled, video).
 */
export function ServiceStepBar(props: ServiceStepBarProps) {
  const steps = serviceSteps(props.kind);
  const current =
    'state' in props
      ? serviceStepIndex(props.kind, props.state)
      : 'form' in props
        ? serviceFormStepIndex(props.kind)
        : 0;
  if (!steps || current === null) return null;
  return <StepBar steps={steps} current={current} />;
}
