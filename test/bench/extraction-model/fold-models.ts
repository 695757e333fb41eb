import { readFileSync } from 'node:fs';
import type { ExtractionModel } from '#content';

/**
 * The cross-validation's models, written by the trainer (`--fold-models FILE`): each page's fold
 * is the one whose model never saw it, so converting a page with its fold's model measures the
 * held-out F1 through the whole pipeline, markdown included.
 */
export interface FoldModels {
  models: ExtractionModel[];
  /** Page id → index of the model that was trained without it. */
  foldOf: Record<string, number>;
}

/** Reads fold models and answers, for a page id, the model that never saw that page. */
export function heldOutModels(file: string): (id: string) => ExtractionModel {
  const { models, foldOf } = JSON.parse(readFileSync(file, 'utf8')) as FoldModels;
  return (id) => {
    const model = models[foldOf[id] ?? -1];
    if (!model) throw new Error(`${file} has no fold model that left out page ${id}`);
    return model;
  };
}
