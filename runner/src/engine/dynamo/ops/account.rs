//! DescribeLimits and DescribeEndpoints: account answers that name no table.

use serde_json::{json, Value};

/// The default quotas of an account in us-east-1, as the service reports them.
pub(in crate::engine::dynamo) fn describe_limits() -> Value {
    json!({
        "AccountMaxReadCapacityUnits": 80000,
        "AccountMaxWriteCapacityUnits": 80000,
        "TableMaxReadCapacityUnits": 40000,
        "TableMaxWriteCapacityUnits": 40000
    })
}

/// Clients that discover endpoints are sent back to the regional one.
pub(in crate::engine::dynamo) fn describe_endpoints() -> Value {
    json!({
        "Endpoints": [
            { "Address": "dynamodb.us-east-1.amazonaws.com", "CachePeriodInMinutes": 1440 }
        ]
    })
}
