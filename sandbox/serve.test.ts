import { describe, expect, it } from 'vitest';
import { loopbackAliases } from './core/hosts.js';
import { startupAddresses } from './serve.js';

describe('loopbackAliases', () => {
  it('writes a portal on this computer the other loopback way, same scheme and port', () => {
    expect(loopbackAliases('http://localhost:8080/')).toEqual(['http://127.0.0.1:8080']);
    expect(loopbackAliases('http://127.0.0.1:9000/')).toEqual(['http://localhost:9000']);
    expect(loopbackAliases('https://localhost/')).toEqual(['https://127.0.0.1']);
  });

  it('adds nothing for a portal elsewhere', () => {
    expect(loopbackAliases('https://portal.example.org/')).toEqual([]);
    expect(loopbackAliases('http://192.168.1.20:8080/')).toEqual([]);
  });
});

describe('startupAddresses', () => {
  const base = {
    here: 'http://localhost:8080',
    portal: 'http://localhost:8080',
    portalUrl: 'http://localhost:8080/',
    aliases: ['http://127.0.0.1:8080'],
    allowedOrigins: [] as string[],
    sandboxUrl: undefined,
  };

  it('names the portal both ways, the API, PORTAL_URL and the allowed origins', () => {
    const lines = startupAddresses({ ...base, allowedOrigins: ['http://localhost:4000', 'https://blog.example.org'] });
    expect(lines[0]).toBe('portal         http://localhost:8080/ or http://127.0.0.1:8080/');
    expect(lines[1]).toMatch(/^API            http:\/\/localhost:8080 \(a tag's api-base/);
    expect(lines.join('\n')).toContain('allowed origins http://localhost:4000, https://blog.example.org');
  });

  it('says what SANDBOX_ALLOWED_ORIGINS is when none are allowed', () => {
    expect(startupAddresses(base).join('\n')).toMatch(
      /allowed origins none \(SANDBOX_ALLOWED_ORIGINS, a comma list of exact origins/,
    );
  });
});
