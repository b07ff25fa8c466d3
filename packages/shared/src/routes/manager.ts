// Call contracts of the manager area (filled by its issue).
export {};
