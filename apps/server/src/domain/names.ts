/** Lower-cases and strips diacritics so that "Bērziņa", "berzina" and "BERZIŅA" meet in search. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function searchName(name: string, surname: string): string {
  return foldForSearch(`${name} ${surname}`);
}
