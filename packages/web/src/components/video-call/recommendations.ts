/**
 * The advisor's recommendations for the client outside the call screen: the dashboard's after-call
 * card and her past consultations load, edit and save them (docs/product.md#recommendations),
 * without the call screens (see `index.ts`).
 */
export { RecommendationsEditor } from './RecommendationsEditor';
export { useCallRecommendations, type CallRecommendations } from './use-call-recommendations';
