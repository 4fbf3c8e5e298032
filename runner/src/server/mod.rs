//! Network plumbing shared by every endpoint Kursus serves (the book today, the DynamoDB
//! and MongoDB endpoints of `kursus layani` next): one tokio runtime, listeners bound on
//! loopback unless asked otherwise, and a graceful stop on Ctrl-C or SIGTERM.
//! It knows nothing of the course; callers hand it a router and the words to print.

mod crc32;
pub mod dynamodb;
mod error;
mod files;
mod http1;
pub mod mongo_wire;
mod request_id;
mod stop;
mod tcp;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;
use tokio::task::JoinSet;

pub use error::ServerError;
pub use files::files;
use stop::Signals;
pub use stop::StopHandle;

/// Where a listener binds unless the user names another address: requests are not
/// authenticated, so nothing is reachable from another machine by default.
pub const DEFAULT_HOST: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// How long open requests may run on after the stop before they are cut off.
const GRACE: Duration = Duration::from_secs(5);

/// `DEFAULT_HOST` on `port` (0 lets the system pick a free port).
pub fn loopback(port: u16) -> SocketAddr {
    SocketAddr::new(DEFAULT_HOST, port)
}

/// A bound socket, not yet answering; its address is the real one even for port 0.
pub struct Endpoint {
    listener: TcpListener,
    addr: SocketAddr,
}

impl Endpoint {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

/// The runtime and the endpoints of one process, all stopped together.
pub struct Server {
    runtime: Runtime,
    stop: StopHandle,
    signals: Signals,
    endpoints: JoinSet<std::io::Result<()>>,
}

impl Server {
    pub fn new() -> Result<Server, ServerError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(ServerError::Runtime)?;
        let signals = Signals::install(&runtime).map_err(ServerError::Signal)?;
        Ok(Server {
            runtime,
            signals,
            stop: StopHandle::new(),
            endpoints: JoinSet::new(),
        })
    }

    /// Binds `addr`; the endpoint answers nothing until it is given a service.
    pub fn bind(&self, addr: SocketAddr) -> Result<Endpoint, ServerError> {
        let bound = |source| ServerError::Bind { addr, source };
        let listener = self
            .runtime
            .block_on(TcpListener::bind(addr))
            .map_err(bound)?;
        let addr = listener.local_addr().map_err(bound)?;
        Ok(Endpoint { listener, addr })
    }

    /// Answers HTTP on `endpoint` with `app` until the server stops.
    pub fn serve_http(&mut self, endpoint: Endpoint, app: axum::Router) {
        let stopped = self.stop.stopped();
        // Small request/response exchanges on kept-alive connections: without this,
        // Nagle's algorithm and delayed acknowledgements add tens of milliseconds.
        let listener = endpoint.listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let serve = axum::serve(listener, app).with_graceful_shutdown(stopped);
        self.endpoints
            .spawn_on(async move { serve.await }, self.runtime.handle());
    }

    /// Stops the server from elsewhere (a test, or a command that ends by itself).
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Blocks until Ctrl-C, SIGTERM, the stop handle, or an endpoint failing; then lets
    /// open requests finish for a short grace period.
    pub fn run(self) -> Result<(), ServerError> {
        let Server {
            runtime,
            stop,
            mut signals,
            mut endpoints,
        } = self;
        let outcome = runtime.block_on(async {
            let first = stop::first_end(&stop, &mut signals, &mut endpoints).await;
            stop.stop();
            let _ = tokio::time::timeout(GRACE, drain(&mut endpoints)).await;
            first
        });
        runtime.shutdown_timeout(GRACE);
        outcome
    }
}

async fn drain(endpoints: &mut JoinSet<std::io::Result<()>>) {
    while endpoints.join_next().await.is_some() {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    fn fetch(addr: SocketAddr) -> std::io::Result<String> {
        let mut stream = std::net::TcpStream::connect(addr)?;
        stream.set_read_timeout(Some(Duration::from_secs(10)))?;
        stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")?;
        let mut reply = String::new();
        stream.read_to_string(&mut reply)?;
        Ok(reply)
    }

    #[test]
    fn port_zero_is_a_real_port_served_until_stopped() {
        let mut server = Server::new().unwrap();
        let endpoint = server.bind(loopback(0)).unwrap();
        let addr = endpoint.addr();
        assert!(addr.ip().is_loopback() && addr.port() != 0, "{addr}");
        let app = axum::Router::new().route("/", axum::routing::get(|| async { "halo" }));
        server.serve_http(endpoint, app);
        let stop = server.stop_handle();
        let client = std::thread::spawn(move || {
            let reply = fetch(addr);
            stop.stop();
            reply
        });
        server.run().unwrap();
        let reply = client.join().unwrap().unwrap();
        assert!(reply.starts_with("HTTP/1.1 200 OK"), "{reply}");
        assert!(reply.ends_with("halo"), "{reply}");
        assert!(
            std::net::TcpStream::connect(addr).is_err(),
            "still listening"
        );
    }

    #[test]
    fn a_taken_port_names_the_address() {
        let server = Server::new().unwrap();
        let taken = server.bind(loopback(0)).unwrap();
        let Err(error) = server.bind(taken.addr()) else {
            panic!("bound twice");
        };
        assert!(matches!(error, ServerError::Bind { addr, .. } if addr == taken.addr()));
        assert!(
            error.to_string().contains(&taken.addr().to_string()),
            "{error}"
        );
    }
}
