// The labels feature's public face: what other features and app/ may use of it.
export { labelsApi, useGetLabelsQuery } from './labelsApi';
export { labelIdsOf, labelNamed, useLabels } from './useLabels';
export { LabelActionsProvider } from './LabelActions';
export { LabelsNav } from './LabelsNav';
export { LabelChips } from './LabelChips';
export { LabelPicker } from './LabelPicker';
export { labelPath } from './labelPaths';
