//! The wire protocol's frames: the 16-byte header, OP_MSG (a body section, document
//! sequences, the optional CRC-32C checksum), the legacy OP_QUERY that only the first
//! handshake still uses, and the OP_REPLY that answers it. Pure functions on bytes, so the
//! fuzz target reaches every check; the connection only reads and writes.

use bson::{Bson, Document};

use super::crc::crc32c;

pub const HEADER_LEN: usize = 16;
/// `maxMessageSizeBytes` of the handshake: longer frames are not read at all.
pub const MAX_MESSAGE_SIZE: usize = 48_000_000;
/// `maxBsonObjectSize`: the largest document a client may store.
pub const MAX_BSON_SIZE: usize = 16 * 1024 * 1024;
/// A command may exceed the document limit by the room its own fields take, as the
/// server's `BSONObjMaxInternalSize` allows.
pub const MAX_COMMAND_SIZE: usize = MAX_BSON_SIZE + 16 * 1024;

pub const OP_REPLY: i32 = 1;
pub const OP_QUERY: i32 = 2004;
pub const OP_MSG: i32 = 2013;

/// OP_MSG flag bits.
pub const CHECKSUM_PRESENT: u32 = 1;
pub const MORE_TO_COME: u32 = 1 << 1;
pub const EXHAUST_ALLOWED: u32 = 1 << 16;
/// Bits 0-15 must be understood by the receiver; 16-31 may be ignored.
const REQUIRED_BITS: u32 = 0xFFFF;
const KNOWN_REQUIRED: u32 = CHECKSUM_PRESENT | MORE_TO_COME;

/// OP_REPLY's `AwaitCapable` bit, which servers always set.
const AWAIT_CAPABLE: i32 = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub length: usize,
    pub request_id: i32,
    pub response_to: i32,
    pub op_code: i32,
}

/// One decoded request: its command document, sequences folded in as arrays.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Msg {
        flags: u32,
        command: Document,
    },
    Query {
        collection: String,
        command: Document,
    },
}

impl Request {
    pub fn command(&self) -> &Document {
        match self {
            Request::Msg { command, .. } | Request::Query { command, .. } => command,
        }
    }

    /// `moreToCome` on a request: the client wants no reply at all.
    pub fn wants_reply(&self) -> bool {
        !matches!(self, Request::Msg { flags, .. } if flags & MORE_TO_COME != 0)
    }
}

/// Why a frame was refused, with the server's code and words where it has them. A fatal
/// error leaves the stream unreadable (or unanswerable): the connection is closed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    #[error("recv(): message msgLen {0} is invalid. Min 16 Max: {MAX_MESSAGE_SIZE}")]
    Length(i64),
    #[error("Unsupported opcode {0}")]
    OpCode(i32),
    #[error("Message contains illegal flags value: Ob{0:032b}")]
    Flags(u32),
    #[error("Invalid message size for an OpMsg containing a checksum")]
    ChecksumSize,
    #[error("OP_MSG checksum does not match contents")]
    Checksum,
    #[error("Multiple body sections in message")]
    MultipleBodies,
    #[error("Duplicate document sequence: {0}")]
    DuplicateSequence(String),
    #[error("Unknown section kind {0}")]
    SectionKind(u8),
    #[error("OP_MSG messages must have a body")]
    NoBody,
    #[error("Duplicate field between body and document sequence {0}")]
    DuplicateField(String),
    #[error("BSONObj size: {0} (0x{0:X}) is invalid. Size must be between 0 and 16793600(16MB)")]
    TooLarge(usize),
    #[error("Invalid BSON: {0}")]
    InvalidBson(String),
    #[error("Message is truncated: {0}")]
    Truncated(&'static str),
}

impl FrameError {
    pub fn is_fatal(&self) -> bool {
        matches!(self, FrameError::Length(_) | FrameError::OpCode(_))
    }

    /// The server's error code and its name.
    pub fn code(&self) -> (i32, &'static str) {
        match self {
            FrameError::Length(_) | FrameError::Truncated(_) => (22, "InvalidBSON"),
            FrameError::OpCode(_) => (352, "UnsupportedOpQueryCommand"),
            FrameError::Flags(_) => (223, "IllegalOpMsgFlag"),
            FrameError::ChecksumSize => (51251, "Location51251"),
            FrameError::Checksum => (282, "ChecksumMismatch"),
            FrameError::MultipleBodies => (40430, "Location40430"),
            FrameError::DuplicateSequence(_) => (40431, "Location40431"),
            FrameError::SectionKind(_) => (40432, "Location40432"),
            FrameError::NoBody => (40587, "Location40587"),
            FrameError::DuplicateField(_) => (40433, "Location40433"),
            FrameError::TooLarge(_) => (10334, "BSONObjectTooLarge"),
            FrameError::InvalidBson(_) => (22, "InvalidBSON"),
        }
    }
}

/// Reads the header; a length the server would never read ends the connection.
pub fn header(bytes: &[u8; HEADER_LEN]) -> Result<Header, FrameError> {
    let word =
        |at: usize| i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let length = word(0);
    if length < HEADER_LEN as i32 || length as i64 > MAX_MESSAGE_SIZE as i64 {
        return Err(FrameError::Length(length.into()));
    }
    Ok(Header {
        length: length as usize,
        request_id: word(4),
        response_to: word(8),
        op_code: word(12),
    })
}

/// Decodes one whole frame, header included (the checksum covers it).
pub fn decode(frame: &[u8]) -> Result<(Header, Request), FrameError> {
    let head: &[u8; HEADER_LEN] = frame
        .get(..HEADER_LEN)
        .and_then(|h| h.try_into().ok())
        .ok_or(FrameError::Truncated("header"))?;
    let header = header(head)?;
    if header.length != frame.len() {
        return Err(FrameError::Truncated("length"));
    }
    let request = match header.op_code {
        OP_MSG => decode_msg(frame)?,
        OP_QUERY => decode_query(&frame[HEADER_LEN..])?,
        other => return Err(FrameError::OpCode(other)),
    };
    Ok((header, request))
}

fn decode_msg(frame: &[u8]) -> Result<Request, FrameError> {
    let mut reader = Reader::new(&frame[HEADER_LEN..]);
    let flags = reader.u32()?;
    if flags & REQUIRED_BITS & !KNOWN_REQUIRED != 0 {
        return Err(FrameError::Flags(flags));
    }
    if flags & CHECKSUM_PRESENT != 0 {
        reader = Reader::new(checked_sections(frame)?);
    }
    let command = sections(&mut reader)?;
    Ok(Request::Msg { flags, command })
}

/// The sections of a checksummed frame, once the checksum has been verified.
fn checked_sections(frame: &[u8]) -> Result<&[u8], FrameError> {
    if frame.len() <= HEADER_LEN + 8 {
        return Err(FrameError::ChecksumSize);
    }
    let (covered, sum) = frame.split_at(frame.len() - 4);
    let sum = u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]);
    if crc32c(covered) != sum {
        return Err(FrameError::Checksum);
    }
    Ok(&covered[HEADER_LEN + 4..])
}

/// The body, with each document sequence added to it as an array of that name.
fn sections(reader: &mut Reader) -> Result<Document, FrameError> {
    let mut body = None;
    let mut sequences: Vec<(String, Vec<Bson>)> = Vec::new();
    while !reader.is_empty() {
        match reader.u8()? {
            0 if body.is_some() => return Err(FrameError::MultipleBodies),
            0 => body = Some(reader.document()?),
            1 => add_sequence(&mut sequences, sequence(reader)?)?,
            kind => return Err(FrameError::SectionKind(kind)),
        }
    }
    let mut body = body.ok_or(FrameError::NoBody)?;
    for (name, documents) in sequences {
        if body.contains_key(&name) {
            return Err(FrameError::DuplicateField(name));
        }
        body.insert(name, documents);
    }
    Ok(body)
}

fn add_sequence(
    sequences: &mut Vec<(String, Vec<Bson>)>,
    (name, documents): (String, Vec<Bson>),
) -> Result<(), FrameError> {
    if sequences.iter().any(|(seen, _)| *seen == name) {
        return Err(FrameError::DuplicateSequence(name));
    }
    sequences.push((name, documents));
    Ok(())
}

/// A kind 1 section: its size (counting itself), an identifier, documents to the end.
fn sequence(reader: &mut Reader) -> Result<(String, Vec<Bson>), FrameError> {
    let size = reader.u32()? as usize;
    let inner = size
        .checked_sub(4)
        .ok_or(FrameError::Truncated("document sequence size"))?;
    let mut section = Reader::new(reader.take(inner)?);
    let name = section.cstring()?;
    let mut documents = Vec::new();
    while !section.is_empty() {
        documents.push(Bson::Document(section.document()?));
    }
    Ok((name, documents))
}

fn decode_query(body: &[u8]) -> Result<Request, FrameError> {
    let mut reader = Reader::new(body);
    let _flags = reader.u32()?;
    let collection = reader.cstring()?;
    let _skip = reader.u32()?;
    let _limit = reader.u32()?;
    let query = reader.document()?;
    // An optional field selector may follow; commands have no use for it.
    Ok(Request::Query {
        collection,
        command: unwrap_query(query),
    })
}

/// Old drivers wrap the command as `{ $query: { isMaster: 1 }, $readPreference: ... }`.
fn unwrap_query(mut query: Document) -> Document {
    match query.remove("$query").or_else(|| query.remove("query")) {
        Some(Bson::Document(inner)) => inner,
        Some(other) => {
            query.insert("$query", other);
            query
        }
        None => query,
    }
}

/// An OP_MSG reply carrying one body section (`body` is a whole BSON document).
pub fn encode_msg(request_id: i32, response_to: i32, flags: u32, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + 5 + body.len());
    put_header(&mut out, request_id, response_to, OP_MSG);
    out.extend_from_slice(&flags.to_le_bytes());
    out.push(0);
    out.extend_from_slice(body);
    finish(out)
}

/// An OP_REPLY with the single document a command answers.
pub fn encode_reply(request_id: i32, response_to: i32, document: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + 20 + document.len());
    put_header(&mut out, request_id, response_to, OP_REPLY);
    out.extend_from_slice(&AWAIT_CAPABLE.to_le_bytes());
    out.extend_from_slice(&0i64.to_le_bytes());
    out.extend_from_slice(&0i32.to_le_bytes());
    out.extend_from_slice(&1i32.to_le_bytes());
    out.extend_from_slice(document);
    finish(out)
}

fn put_header(out: &mut Vec<u8>, request_id: i32, response_to: i32, op_code: i32) {
    out.extend_from_slice(&0i32.to_le_bytes());
    out.extend_from_slice(&request_id.to_le_bytes());
    out.extend_from_slice(&response_to.to_le_bytes());
    out.extend_from_slice(&op_code.to_le_bytes());
}

fn finish(mut out: Vec<u8>) -> Vec<u8> {
    let length = out.len() as i32;
    out[..4].copy_from_slice(&length.to_le_bytes());
    out
}

/// A cursor over a frame's bytes whose every read checks the bounds.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes }
    }

    fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], FrameError> {
        if n > self.bytes.len() {
            return Err(FrameError::Truncated("section"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, FrameError> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, FrameError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn cstring(&mut self) -> Result<String, FrameError> {
        let end = memchr::memchr(0, self.bytes).ok_or(FrameError::Truncated("cstring"))?;
        let text = std::str::from_utf8(&self.bytes[..end])
            .map_err(|e| FrameError::InvalidBson(e.to_string()))?
            .to_string();
        self.bytes = &self.bytes[end + 1..];
        Ok(text)
    }

    /// One BSON document, fully validated, no larger than a command may be.
    fn document(&mut self) -> Result<Document, FrameError> {
        let size = self.peek_size()?;
        if size > MAX_COMMAND_SIZE {
            return Err(FrameError::TooLarge(size));
        }
        if size < 5 {
            return Err(FrameError::InvalidBson(format!("document length {size}")));
        }
        let bytes = self.take(size)?;
        Document::from_reader(bytes).map_err(|e| FrameError::InvalidBson(e.to_string()))
    }

    fn peek_size(&self) -> Result<usize, FrameError> {
        match self.bytes.get(..4) {
            Some(b) => Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]).max(0) as usize),
            None => Err(FrameError::Truncated("document length")),
        }
    }
}
