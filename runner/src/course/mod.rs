//! The course: lessons, exercises, grading, progress and the book. Talks only to the shell.
