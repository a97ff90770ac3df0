/**
 * `npm run ops -- pay-code <vcode>`: pays an open virtual-account or mini-market code on a running
 * server (KILAT_URL, default http://127.0.0.1:3000) through its development route, so the sandbox
 * confirms it with the signed webhook exactly as a bank or a till would. Development servers only.
 */
export const PAY_CODE_USAGE = 'pay-code <vcode>';
export const DEFAULT_KILAT_URL = 'http://127.0.0.1:3000';

export const payCode = async (args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<{ ok: boolean; message: string }> => {
  const vcode = args[0]?.trim() ?? '';
  if (!/^[A-Za-z0-9]{1,64}$/.test(vcode)) return { ok: false, message: `Usage: npm run ops -- ${PAY_CODE_USAGE}` };
  const base = env.KILAT_URL?.trim() || DEFAULT_KILAT_URL;
  let response: Response;
  try {
    response = await fetch(new URL('/dev/payments/pay', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vcode }),
    });
  } catch (error) {
    return {
      ok: false,
      message: `no Kilat server at ${base} (${error instanceof Error ? error.message : String(error)}): start it with npm run dev`,
    };
  }
  const body = (await response.json().catch(() => null)) as { message?: string; data?: { status?: string; paymentId?: string } } | null;
  if (response.status === 404) return { ok: false, message: `no open code ${vcode} at ${base} (or the server runs in production)` };
  if (!response.ok) return { ok: false, message: `${base} answered ${response.status}: ${body?.message ?? ''}` };
  return { ok: true, message: `paid ${vcode}: payment ${body?.data?.paymentId ?? ''} is ${body?.data?.status ?? 'unknown'}` };
};
