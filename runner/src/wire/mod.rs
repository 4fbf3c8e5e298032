//! The MongoDB wire protocol's message format: frames decoded from bytes and replies
//! encoded to bytes, with no I/O and no runtime. It sits outside `server` so that a build
//! without the network stack (the fuzz targets') still reaches every check of the decoder.

pub mod crc;
pub mod frame;

pub use crc::crc32c;
