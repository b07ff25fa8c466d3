// Call contracts of the goals area (filled by its issue).
export {};
