#include "core/api/GeneralizationJson.h"

#include "core/anonymization/EarthMoversDistance.h"

namespace rr::api {

Json nodeJson(const std::vector<AttributeGeneralization>& qi, const LatticeNode& node)
{
    Json j = Json::object();
    for (std::size_t i = 0; i < qi.size() && i < node.size(); ++i)
        j[qi[i].attribute] = node[i];
    return j;
}

Json hierarchySources(const std::vector<AttributeGeneralization>& qi)
{
    Json j = Json::object();
    for (const auto& g : qi)
        j[g.attribute] = {{"source", g.source}, {"levels", g.levelCount()}};
    return j;
}

Json tClosenessJson(const TClosenessInputs& in)
{
    Json j;
    j["t"] = in.t;
    j["t_measure"] = toString(in.distance);
    if (in.sensitive)
        j["sensitive_hierarchy"] = {{"attribute", in.sensitive->attribute},
                                    {"source", in.sensitive->source},
                                    {"levels", in.sensitive->levelCount()}};
    return j;
}

} // namespace rr::api
