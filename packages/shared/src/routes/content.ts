// Call contracts of the content area (filled by its issue).
export {};
