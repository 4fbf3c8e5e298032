//! The `pakai-ekspresi` rule: DynamoDB answers many ways the service accepts (legacy
//! parameters, PartiQL), but an exercise that teaches an expression is only solved by
//! writing it. The service's answer stays the service's; only the verdict says so.

use super::efficiency::Found;
use super::replay::Step;
use super::shell_port::{DynamoRequest, DynamoRequestForm};
use crate::pesan;

/// The expression parameters the reference's requests carry, each once, first seen first.
pub fn taught<'a>(requests: impl Iterator<Item = &'a DynamoRequest>) -> Vec<&'static str> {
    let mut taught: Vec<&'static str> = Vec::new();
    for name in requests.flat_map(|r| r.expressions.iter().copied()) {
        if !taught.contains(&name) {
            taught.push(name);
        }
    }
    taught
}

/// The first request written in another language than the expressions taught.
pub fn violation<'a>(
    mut requests: impl Iterator<Item = (&'a Step, &'a DynamoRequest)>,
    teaches: &[&str],
) -> Found<'a> {
    let (step, request) = requests.find(|(_, r)| r.form != DynamoRequestForm::Expression)?;
    let complaint = match request.form {
        DynamoRequestForm::Legacy(name) => pesan::efisiensi_parameter_lama(name, teaches),
        _ => pesan::efisiensi_partiql(teaches),
    };
    Some((complaint, Some(step)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(form: DynamoRequestForm, expressions: &[&'static str]) -> DynamoRequest {
        DynamoRequest {
            operation: "Query".into(),
            form,
            expressions: expressions.to_vec(),
            ..DynamoRequest::default()
        }
    }

    #[test]
    fn what_is_taught_is_each_expression_of_the_reference_once() {
        let reference = [
            request(DynamoRequestForm::Expression, &["KeyConditionExpression"]),
            request(
                DynamoRequestForm::Expression,
                &["FilterExpression", "KeyConditionExpression"],
            ),
        ];
        assert_eq!(
            taught(reference.iter()),
            ["KeyConditionExpression", "FilterExpression"]
        );
    }

    #[test]
    fn a_legacy_parameter_or_partiql_is_named_and_expressions_pass() {
        let step = Step::default();
        let teaches = ["KeyConditionExpression"];
        let legacy = request(DynamoRequestForm::Legacy("KeyConditions"), &[]);
        let (said, _) = violation([(&step, &legacy)].into_iter(), &teaches).unwrap();
        assert_eq!(
            said,
            pesan::efisiensi_parameter_lama("KeyConditions", &teaches)
        );
        let partiql = request(DynamoRequestForm::PartiQL, &[]);
        let (said, _) = violation([(&step, &partiql)].into_iter(), &teaches).unwrap();
        assert_eq!(said, pesan::efisiensi_partiql(&teaches));
        let written = request(DynamoRequestForm::Expression, &teaches);
        assert!(violation([(&step, &written)].into_iter(), &teaches).is_none());
    }
}
