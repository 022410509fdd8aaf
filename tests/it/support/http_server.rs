//! A small HTTP server on 127.0.0.1 for the tests that fetch (`diff`, `audit`).

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpListener;

/// Starts an HTTP server on 127.0.0.1 for the rest of the test process; `routes` gets its
/// port (for absolute URLs in the bodies) and gives each path's whole response. Other paths
/// get a 404. Requests are answered one at a time, each connection closed after its answer.
pub fn serve(routes: impl FnOnce(u16) -> Vec<(&'static str, Vec<u8>)>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("address").port();
    let routes: HashMap<&str, Vec<u8>> = routes(port).into_iter().collect();
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).is_ok_and(|read| read == 1) {
                head.push(byte[0]);
            }
            let head = String::from_utf8_lossy(&head);
            let path = head.split(' ').nth(1).unwrap_or("/");
            let not_found = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec();
            let _ = stream.write_all(routes.get(path).unwrap_or(&not_found));
        }
    });
    port
}

/// A 200 response with these headers and body.
pub fn ok(headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let fields: String = headers.iter().map(|(name, value)| format!("{name}: {value}\r\n")).collect();
    let mut response =
        format!("HTTP/1.1 200 OK\r\n{fields}Content-Length: {}\r\nConnection: close\r\n\r\n", body.len()).into_bytes();
    response.extend_from_slice(body);
    response
}
