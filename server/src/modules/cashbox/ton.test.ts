import { Address, beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import {
  commentOf,
  commentPayload,
  isSuccessfulIncoming,
  minorForNano,
  nanoForMinor,
  parseTonAddress,
  parseTonRates,
  type ChainTransaction,
} from './ton';

const incoming = (over: Partial<ChainTransaction> = {}): ChainTransaction => ({
  hash: 'h1',
  lt: '100',
  mc_block_seqno: 5,
  in_msg: {
    source: '0:' + 'ab'.repeat(32),
    value: '1000',
    bounced: false,
    message_content: { decoded: { type: 'text_comment', comment: 'dep:1' } },
  },
  description: { aborted: false, compute_ph: { success: true } },
  ...over,
});

describe('TON helpers', () => {
  it('builds the comment payload TON Connect expects (verified vector)', () => {
    expect(commentPayload('dep:7f3a9c')).toBe('te6cckEBAQEAEAAAHAAAAABkZXA6N2YzYTljwBmeuw==');
  });

  it('reads a rate table exactly and refuses a malformed one', () => {
    const rates = parseTonRates('USD:5.2, EUR:4.8,RUB:420.123456789');
    expect(rates.get('USD')).toBe(5_200_000_000n);
    expect(rates.get('RUB')).toBe(420_123_456_789n);
    expect(rates.get('TON')).toBe(1_000_000_000n);
    expect(() => parseTonRates('USD=5.2')).toThrow(/CUR:rate/);
    expect(() => parseTonRates('USD:0')).toThrow(/positive/);
  });

  it('converts to nanotons rounding up, and back rounding down, so a full payment always covers the amount', () => {
    const usd = 5_200_000_000n;
    expect(nanoForMinor(1000n, 2, usd)).toBe(1_923_076_924n); // 10.00 USD at 5.2 = 1.923076923… TON
    expect(minorForNano(1_923_076_924n, 2, usd)).toBe(1000n);
    expect(minorForNano(1_923_076_923n, 2, usd)).toBe(999n); // a nanoton short is less than the amount
    expect(nanoForMinor(1_500_000_000n, 9, 1_000_000_000n)).toBe(1_500_000_000n); // TON accounts: 1:1
    for (const amount of [1n, 99n, 12345n, 999_999n]) {
      for (const rate of [5_200_000_000n, 420_123_456_789n, 3n]) {
        expect(minorForNano(nanoForMinor(amount, 2, rate), 2, rate)).toBeGreaterThanOrEqual(amount);
      }
    }
  });

  it('accepts friendly and raw addresses with a valid checksum, and says what is wrong otherwise', () => {
    const address = new Address(0, Buffer.alloc(32, 7));
    const raw = address.toRawString();
    expect(parseTonAddress(address.toString(), 'mainnet')).toEqual({ raw });
    expect(parseTonAddress(address.toString({ urlSafe: false, bounceable: false }), 'mainnet')).toEqual({ raw });
    expect(parseTonAddress(raw, 'mainnet')).toEqual({ raw });
    expect(parseTonAddress(address.toString({ testOnly: true }), 'testnet')).toEqual({ raw });
    expect(parseTonAddress(address.toString({ testOnly: true }), 'mainnet')).toEqual({
      problem: expect.stringMatching(/testnet address/),
    });
    const friendly = address.toString();
    const typo = friendly.slice(0, 10) + (friendly[10] === 'A' ? 'B' : 'A') + friendly.slice(11);
    expect(parseTonAddress(typo, 'mainnet')).toEqual({ problem: expect.stringMatching(/checksum/) });
    expect(parseTonAddress('hello', 'mainnet')).toEqual({ problem: expect.stringMatching(/not a TON address/) });
    expect(parseTonAddress('0:1234', 'mainnet')).toEqual({ problem: expect.stringMatching(/not a TON address/) });
  });

  it('reads the comment from the decoded form or from the body cell', () => {
    expect(commentOf(incoming())).toBe('dep:1');
    const body = beginCell().storeUint(0, 32).storeStringTail('dep:from-body').endCell().toBoc().toString('base64');
    expect(commentOf(incoming({ in_msg: { source: 'x', value: '1', message_content: { body } } }))).toBe(
      'dep:from-body',
    );
    const notAComment = beginCell().storeUint(0x0f8a7ea5, 32).endCell().toBoc().toString('base64');
    expect(
      commentOf(incoming({ in_msg: { source: 'x', value: '1', message_content: { body: notAComment } } })),
    ).toBeUndefined();
  });

  it('counts only incoming, unbounced, unaborted transfers whose compute phase succeeded', () => {
    expect(isSuccessfulIncoming(incoming())).toBe(true);
    expect(isSuccessfulIncoming(incoming({ in_msg: { ...incoming().in_msg, bounced: true } }))).toBe(false);
    expect(isSuccessfulIncoming(incoming({ in_msg: { ...incoming().in_msg, source: null } }))).toBe(false); // external: our own send
    expect(isSuccessfulIncoming(incoming({ description: { aborted: true, compute_ph: { success: true } } }))).toBe(
      false,
    );
    expect(isSuccessfulIncoming(incoming({ description: { aborted: false, compute_ph: { success: false } } }))).toBe(
      false,
    );
    expect(isSuccessfulIncoming(incoming({ in_msg: { ...incoming().in_msg, value: '0' } }))).toBe(false);
  });
});
