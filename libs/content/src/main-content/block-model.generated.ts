import type { BlockModel } from './block-classifier.js';
import { FEATURE_NAMES } from './block-features.js';

export const BLOCK_MODEL: BlockModel = { features: FEATURE_NAMES, bias: 0, threshold: 0.5, trees: [] };
