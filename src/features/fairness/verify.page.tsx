import { useEffect, useId, useState } from 'react';
import { Button, Div, FormItem, FormLayoutGroup, Group, Header, Input, SimpleCell, Text } from '@vkontakte/vkui';
import { Select } from '../../shared/ui/select';
import { useTranslation } from 'react-i18next';
import { verify, type VerifyGame, type VerifyResult } from './verify';

const GAMES: VerifyGame[] = ['dice', 'limbo', 'mines', 'plinko', 'slots', 'roulette', 'crash', 'wheel'];

function fromQuery() {
  const q = new URLSearchParams(window.location.search);
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(q.get('params') ?? '{}') as Record<string, unknown>;
  } catch {
    params = {};
  }
  const game = (GAMES as string[]).includes(q.get('game') ?? '') ? (q.get('game') as VerifyGame) : 'dice';
  return {
    game,
    serverSeed: q.get('server_seed') ?? '',
    committedHash: q.get('server_seed_hash') ?? '',
    clientSeed: q.get('client_seed') ?? '',
    nonce: q.get('nonce') ?? '0',
    params,
  };
}

// /fairness: recompute any house game result in the browser from the revealed server seed, client seed and nonce.
export function VerifyPage() {
  const fieldId = useId(); // unique per form: a label's `for` must name one control
  const { t } = useTranslation();
  const initial = fromQuery();
  const [game, setGame] = useState<VerifyGame>(initial.game);
  const [serverSeed, setServerSeed] = useState(initial.serverSeed);
  const [clientSeed, setClientSeed] = useState(initial.clientSeed);
  const [nonce, setNonce] = useState(initial.nonce);
  const [committedHash, setCommittedHash] = useState(initial.committedHash);
  const [params, setParams] = useState<Record<string, unknown>>(initial.params);
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      setResult(
        await verify({
          game,
          serverSeed: serverSeed.trim(),
          clientSeed: clientSeed.trim(),
          nonce: Number(nonce),
          params,
        }),
      );
    } catch (err) {
      setResult(null);
      // the maths' RangeError is English for developers: the player is told what to check, in their language
      console.warn('verify failed', err);
      setError(t('fairness.invalid_input'));
    }
  };
  useEffect(() => {
    if (initial.serverSeed && initial.clientSeed) void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for a prefilled link
  }, []);
  const param = (key: string, label: string, placeholder: string) => (
    <FormItem top={label} key={key} htmlFor={`${fieldId}-${key}`}>
      <Input
        id={`${fieldId}-${key}`}
        value={String(params[key] ?? '')}
        placeholder={placeholder}
        onChange={(e) => setParams({ ...params, [key]: e.target.value })}
        slotProps={{ input: { 'data-testid': `param-${key}` } }}
      />
    </FormItem>
  );
  const choice = (key: string, label: string, options: Array<[string, string]>) => (
    <FormItem top={label} key={key}>
      <Select
        label={label}
        value={String(params[key] ?? options[0]![0])}
        onChange={(e) => setParams({ ...params, [key]: e.target.value })}
        options={options.map(([value, text]) => ({ value, label: text }))}
        data-testid={`param-${key}`}
      />
    </FormItem>
  );
  return (
    <Group header={<Header size="l">{t('fairness.title')}</Header>} data-testid="verify-page">
      <Div>
        <Text>{t('fairness.intro')}</Text>
      </Div>
      <FormItem top={t('fairness.game')}>
        <Select
          label={t('fairness.game')}
          value={game}
          onChange={(e) => setGame(e.target.value as VerifyGame)}
          options={GAMES.map((g) => ({ value: g, label: t(`fairness.games.${g}`) }))}
        />
      </FormItem>
      <FormItem top={game === 'crash' ? t('fairness.game_hash') : t('fairness.server_seed')} htmlFor={`${fieldId}-2`}>
        <Input
          id={`${fieldId}-2`}
          value={serverSeed}
          onChange={(e) => setServerSeed(e.target.value)}
          slotProps={{ input: { 'data-testid': 'server-seed' } }}
        />
      </FormItem>
      {game !== 'crash' && (
        <FormItem top={t('fairness.committed_hash')} htmlFor={`${fieldId}-5`}>
          <Input
            id={`${fieldId}-5`}
            value={committedHash}
            onChange={(e) => setCommittedHash(e.target.value)}
            slotProps={{ input: { 'data-testid': 'committed-hash' } }}
          />
        </FormItem>
      )}
      <FormLayoutGroup mode="horizontal">
        <FormItem top={game === 'crash' ? t('fairness.salt') : t('fairness.client_seed')} htmlFor={`${fieldId}-3`}>
          <Input
            id={`${fieldId}-3`}
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            slotProps={{ input: { 'data-testid': 'client-seed' } }}
          />
        </FormItem>
        {game !== 'crash' && (
          <FormItem top={t('fairness.nonce')} htmlFor={`${fieldId}-4`}>
            <Input
              id={`${fieldId}-4`}
              type="number"
              value={nonce}
              onChange={(e) => setNonce(e.target.value)}
              slotProps={{ input: { 'data-testid': 'nonce' } }}
            />
          </FormItem>
        )}
      </FormLayoutGroup>
      <FormLayoutGroup mode="horizontal">
        {game === 'dice' && [
          choice('direction', t('fairness.direction'), [
            ['over', t('fairness.over')],
            ['under', t('fairness.under')],
          ]),
          param('target', t('fairness.target_hundredths'), '5050'),
        ]}
        {game === 'limbo' && param('target', t('fairness.target_hundredths'), '200')}
        {game === 'mines' && param('mines', t('fairness.mines'), '3')}
        {game === 'plinko' && [
          param('rows', t('fairness.rows'), '16'),
          choice('risk', t('fairness.risk'), [
            ['low', t('fairness.risk_low')],
            ['medium', t('fairness.risk_medium')],
            ['high', t('fairness.risk_high')],
          ]),
        ]}
        {game === 'crash' && param('terminating_hash', t('fairness.terminating_hash'), '')}
        {game === 'wheel' && param('weights', t('fairness.weights'), '20, 15, 12')}
      </FormLayoutGroup>
      <Div>
        <Button size="l" stretched onClick={run} data-testid="verify-submit">
          {t('fairness.verify')}
        </Button>
      </Div>
      {error && (
        <Div>
          <Text style={{ color: 'var(--vkui--color_text_negative)' }} role="alert" data-testid="verify-error">
            {error}
          </Text>
        </Div>
      )}
      {result && <ResultView result={result} committedHash={committedHash.trim().toLowerCase()} />}
    </Group>
  );
}

function ResultView({ result, committedHash }: { result: VerifyResult; committedHash: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="verify-result">
      {'seedHash' in result && (
        // the verdict in words (issue 28): the revealed seed is, or is not, the one committed before play
        <Div>
          <Text
            weight="2"
            role="status"
            data-testid="verify-verdict"
            data-verdict={!committedHash ? 'unknown' : committedHash === result.seedHash ? 'match' : 'mismatch'}
            style={{
              color: !committedHash
                ? undefined
                : committedHash === result.seedHash
                  ? 'var(--vkui--color_text_positive)'
                  : 'var(--vkui--color_text_negative)',
            }}
          >
            {!committedHash
              ? t('fairness.verdict_no_hash')
              : committedHash === result.seedHash
                ? t('fairness.verdict_match')
                : t('fairness.verdict_mismatch')}
          </Text>
        </Div>
      )}
      {'seedHash' in result && (
        <SimpleCell
          multiline
          subtitle={
            <code style={{ wordBreak: 'break-all' }} data-testid="seed-hash">
              {result.seedHash}
            </code>
          }
        >
          {t('fairness.seed_hash')}
        </SimpleCell>
      )}
      {result.game === 'dice' && (
        <SimpleCell after={<strong data-testid="result-value">{(result.roll / 100).toFixed(2)}</strong>}>
          {t('fairness.roll')}
        </SimpleCell>
      )}
      {result.game === 'limbo' && (
        <SimpleCell after={<strong data-testid="result-value">{(result.result / 100).toFixed(2)}×</strong>}>
          {t('fairness.result')}
        </SimpleCell>
      )}
      {result.game === 'roulette' && (
        <SimpleCell
          after={
            <strong data-testid="result-value">
              {result.pocket} ({t(`fairness.color_${result.color}`)})
            </strong>
          }
        >
          {t('fairness.pocket')}
        </SimpleCell>
      )}
      {result.game === 'plinko' && (
        <SimpleCell
          multiline
          subtitle={result.path.map((s) => (s ? 'R' : 'L')).join(' ')}
          after={
            <strong data-testid="result-value">
              {result.bucket} · {(result.multiplierBp / 10_000).toFixed(2)}×
            </strong>
          }
        >
          {t('fairness.bucket')}
        </SimpleCell>
      )}
      {result.game === 'mines' && (
        <Div>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 40px)', gap: 4 }} data-testid="result-value">
            {Array.from({ length: 25 }, (_, i) => (
              <div
                key={i}
                style={{
                  height: 40,
                  borderRadius: 6,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  background: result.mines.includes(i) ? '#d33b4c' : 'var(--vkui--color_background_secondary)',
                  color: '#fff',
                }}
              >
                {result.mines.includes(i) ? '✖' : ''}
              </div>
            ))}
          </div>
        </Div>
      )}
      {result.game === 'slots' && (
        <SimpleCell
          multiline
          subtitle={result.outcome.window.map((reel) => reel.join(' / ')).join(' | ')}
          after={<strong data-testid="result-value">{(result.outcome.multiplierBp / 10_000).toFixed(2)}×</strong>}
        >
          {t('fairness.window')}
        </SimpleCell>
      )}
      {result.game === 'wheel' && (
        <SimpleCell
          multiline
          subtitle={t('fairness.wheel_weights', { weights: result.weights.join(', ') })}
          after={<strong data-testid="result-value">#{result.segment + 1}</strong>}
        >
          {t('fairness.segment')}
        </SimpleCell>
      )}
      {result.game === 'crash' && (
        <>
          <SimpleCell after={<strong data-testid="result-value">{(result.crashPoint / 100).toFixed(2)}×</strong>}>
            {t('fairness.crash_point')}
          </SimpleCell>
          {result.chainSteps !== null && <SimpleCell after={result.chainSteps}>{t('fairness.chain_ok')}</SimpleCell>}
        </>
      )}
    </div>
  );
}
