/**
 * How git authenticates to the data branch's remote: config entries passed through the environment (not argv, which
 * other processes can read), so that fetch and push authenticate like actions/checkout does.
 */
export function authEnv(remoteUrl: string, token: string): Record<string, string> {
  if (!token || !/^https?:\/\//.test(remoteUrl)) return {};
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `http.${new URL(remoteUrl).origin}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
  };
}
