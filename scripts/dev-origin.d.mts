export function devServerOrigin(text: string): string | null;
