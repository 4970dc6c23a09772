/**
 * The hair colour preview (docs/product.md#hair-colour-preview), entered here. The call screens
 * load it on demand (`lazy(() => import('@/components/colour-preview'))`): none of it, nor the
 * vision runtime it fetches, rides along in the visitor's chunks.
 */
export { ColourPreview as default } from './ColourPreview';
