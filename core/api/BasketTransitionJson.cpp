// The one place a `basket transition` result becomes JSON: the CLI prints it (its keys and their order as the
// command has always written them).
#include "core/api/BasketTransition.h"

namespace rr::api {
namespace {

Json matrixJson(const Eigen::MatrixXd& m)
{
    Json rows = Json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        Json row = Json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.push_back(m(r, c));
        rows.push_back(row);
    }
    return rows;
}

} // namespace

Json basketTransitionJson(const BasketTransitionResult& r)
{
    Json j;
    j["operator"] = operatorJson(r.op);
    j["m"] = r.m;
    j["k"] = r.k;
    if (r.op.kind == OperatorKind::Uniform)
        j["items"] = r.itemCount;
    j["matrix"] = matrixJson(r.matrix);
    j["rows"] = "l' = |t' n A| = 0.." + std::to_string(r.k) + " (randomized)";
    j["columns"] = "l = |t n A| = 0.." + std::to_string(r.matrix.cols() - 1) + " (original; at most min(k, m))";
    if (r.sizeProbabilities)
        j["size_probabilities"] = *r.sizeProbabilities;
    return j;
}

} // namespace rr::api
