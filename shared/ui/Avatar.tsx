/** The person's picture, or their initials when there is none (or it fails to load). */
import { useState } from 'react';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.[0]?.toUpperCase() ?? '').join('') || '?';
}

export function Avatar({ name, src, size = 56 }: { name: string; src: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: size / 2.6 };
  if (src && !broken && /^(https?:|\/)/.test(src)) {
    return <img className="sm-avatar" style={style} src={src} alt="" onError={() => setBroken(true)} />;
  }
  return (
    <span className="sm-avatar" style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
