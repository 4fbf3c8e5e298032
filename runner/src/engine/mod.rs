//! Embedded mini-engines. They know nothing of the shell or the printer.

pub mod calendar;
pub mod dynamo;
pub mod interrupt;
pub mod mongo;
