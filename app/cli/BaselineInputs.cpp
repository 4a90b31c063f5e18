#include "app/cli/BaselineInputs.h"

#include "core/anonymization/PrivacyModel.h"
#include "core/data/Errors.h"

namespace rr::cli {

int wholeLOption(const Options& options, int minimum)
{
    const std::string text = options.required("l");
    const int l = wholeL(parseNumber(text, "--l"), "--l");
    if (l < minimum)
        throw InputError("--l must be at least " + std::to_string(minimum) + ", got " + text);
    return l;
}

OptionSpec hierarchiesOption()
{
    return {"hierarchies", "DIR",
            "folder of ARX hierarchy files (ATTRIBUTE.csv or *hierarchy_ATTRIBUTE.csv); attributes without one are "
            "only suppressed (value -> *)"};
}

std::vector<AttributeGeneralization> generalizationsFor(const RiskInputs& in, const Options& options)
{
    const std::vector<int> qi(in.records.attributes.begin(), in.records.attributes.end() - 1);
    return loadGeneralizations(in.records.table, qi, options.value("hierarchies").value_or(""));
}

double suppressionOption(const Options& options)
{
    const auto text = options.value("suppression");
    if (!text)
        return 0.0;
    const double s = parseNumber(*text, "--suppression");
    if (!(s >= 0.0 && s < 1.0))
        throw InputError("--suppression is the fraction of records that may be suppressed, in [0, 1), got " + *text);
    return s;
}

double cOption(const Options& options, const std::string& model)
{
    const auto text = options.value("c");
    if (model == "recursive") {
        if (!text)
            throw InputError("--model recursive needs --c C (recursive (c,l)-diversity)");
        return parseNumber(*text, "--c");
    }
    if (text)
        throw InputError("--c applies only to --model recursive");
    return 0.0;
}

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

} // namespace rr::cli
