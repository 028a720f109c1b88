const units = ['Bytes', 'KB', 'MB', 'GB'] as const;

// Spec §5: Bytes, KB, MB, GB with up to 2 decimals.
export function formatFileSize(bytes: number) {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${units[exponent]}`;
}
