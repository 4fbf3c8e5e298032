//! HTTP/1.1 straight on hyper, for an endpoint that answers every request with one
//! handler (the DynamoDB API routes on a header, not on the path): no router, no
//! boxed bodies and no HTTP/2 detection between the socket and the handler, which on
//! small requests cost as much as the handler's own work.

use std::error::Error;
use std::future::Future;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use super::{Endpoint, Server, StopHandle};

impl Server {
    /// Answers HTTP/1.1 on `endpoint` with `handler` until the server stops; open
    /// requests are finished and idle connections closed when it does. A handler's
    /// error closes its connection without an answer.
    pub fn serve_http1<H, F, E>(&mut self, endpoint: Endpoint, handler: H)
    where
        H: Fn(Request<Incoming>) -> F + Clone + Send + Sync + 'static,
        F: Future<Output = Result<Response<Full<Bytes>>, E>> + Send + 'static,
        E: Into<Box<dyn Error + Send + Sync>> + 'static,
    {
        self.serve_tcp(endpoint, move |socket, stop| {
            connection(socket, handler.clone(), stop)
        });
    }
}

async fn connection<H, F, E>(socket: TcpStream, handler: H, stop: StopHandle)
where
    H: Fn(Request<Incoming>) -> F + Send + Sync + 'static,
    F: Future<Output = Result<Response<Full<Bytes>>, E>> + Send + 'static,
    E: Into<Box<dyn Error + Send + Sync>> + 'static,
{
    // Small request/response exchanges on kept-alive connections: without this,
    // Nagle's algorithm and delayed acknowledgements add tens of milliseconds.
    let _ = socket.set_nodelay(true);
    let service = service_fn(handler);
    let serving = http1::Builder::new().serve_connection(TokioIo::new(socket), service);
    tokio::pin!(serving);
    tokio::select! {
        // A connection that fails (a client gone mid-request) only ends itself.
        _ = serving.as_mut() => return,
        () = stop.stopped() => serving.as_mut().graceful_shutdown(),
    }
    let _ = serving.await;
}
