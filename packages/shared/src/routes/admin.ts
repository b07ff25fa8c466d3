// Call contracts of the admin area (filled by its issue).
export {};
