import { z } from 'zod';

// Home's social feed (issue 27): the biggest wins of the last day (names masked unless the player allows them).
export const topWinItem = z.object({
  name: z.string(),
  avatar: z.string().nullable(),
  is_streamer: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  game: z.string(),
  won_at: z.string(),
});
export const topPlayersResponse = z.object({ items: z.array(topWinItem) });
export type TopPlayersResponse = z.infer<typeof topPlayersResponse>;
