// Call contracts of the courses area (filled by its issue).
export {};
