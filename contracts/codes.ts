// The spec's numeric codes as names (spec §3, §4), for both sides: the server and the app write
// `paymentStatus.rejected`, never a bare 3. No zod here, so the app's lazy chunks can import it without pulling zod in.

/** Payment status: 0 processing, 1 processed, 2 processed with fee, 3 rejected, 4 manual. */
export const paymentStatus = { processing: 0, processed: 1, processedWithFee: 2, rejected: 3, manual: 4 } as const;
export type PaymentStatus = (typeof paymentStatus)[keyof typeof paymentStatus];
/** Every status in code order (for validation and per-status texts, `status_${code}`). */
export const paymentStatuses = Object.values(paymentStatus) as readonly PaymentStatus[];

/** A player's block: type 0 (block_temporary) until block_end, type 2 (block_permanent); null when not blocked. */
export const blockType = { temporary: 0, permanent: 2 } as const;
export type BlockType = (typeof blockType)[keyof typeof blockType];
/** The names the spec gives the block types (ban info `type`, the `user_blocked` live message). */
export const blockTypeName = {
  [blockType.temporary]: 'block_temporary',
  [blockType.permanent]: 'block_permanent',
} as const;

/** KYC status codes: none 0, pending 1, verified 2, rejected 3. */
export const kycStatus = { none: 0, pending: 1, verified: 2, rejected: 3 } as const;
export type KycStatus = (typeof kycStatus)[keyof typeof kycStatus];
