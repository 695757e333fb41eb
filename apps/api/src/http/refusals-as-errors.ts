import { TrawlError } from '#contracts';
import { CommandRejectedError } from '#messaging';

/** Core's refusal (e.g. TEAM_NOT_FOUND) leaves as the error envelope with its own status. */
export async function refusalsAsErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CommandRejectedError) throw new TrawlError(error.code, error.message);
    throw error;
  }
}
