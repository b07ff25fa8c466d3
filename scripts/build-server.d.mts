export const serverBundle: string;
export function buildServer(): void;
