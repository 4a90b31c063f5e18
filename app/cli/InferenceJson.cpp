#include "app/cli/InferenceJson.h"

#include "core/api/Inference.h"

namespace rr::cli {

Json groupValueJson(const PreparedTable& table, std::size_t group, int value, double holders, double share)
{
    return api::groupValueJson(api::groupValueOf(table, group, value, holders, share));
}

Json inferenceJson(const PreparedTable& table, std::optional<double> tau)
{
    return api::inferenceJson(api::inferenceOf(table, tau));
}

} // namespace rr::cli
