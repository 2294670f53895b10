/** A given evaluation: the shared view (ui/evaluation.tsx), also used by service orders. */
export { EvaluationView } from '../../../ui/evaluation.tsx';
