// Empty stand-in for the server-only marker package (see server-only.cjs).
