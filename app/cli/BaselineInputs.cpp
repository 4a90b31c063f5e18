#include "app/cli/BaselineInputs.h"

#include "app/cli/Dataset.h"
#include "core/analysis/PreparedTable.h"
#include "core/data/Errors.h"

namespace rr::cli {

BaselineRecords baselineRecords(const Table& raw, const Options& options)
{
    BaselineRecords in;
    in.spec = rolesFrom(options);
    const std::vector<std::string> names = in.spec.analysed();
    in.records = completeRecords(raw, raw.attributeIndices(names), in.spec.policy, &in.droppedRows);
    in.qi = in.records.attributeIndices(in.spec.quasiIdentifiers);
    in.sensitive = in.records.attributeIndex(in.spec.sensitive);
    in.joint = prepareTable(in.records, names, in.spec.policy).joint;
    return in;
}

int wholeLOption(const Options& options)
{
    return wholeL(parseNumber(options.required("l"), "--l"), "--l");
}

OptionSpec hierarchiesOption()
{
    return {"hierarchies", "DIR",
            "folder of ARX hierarchy files (ATTRIBUTE.csv or *hierarchy_ATTRIBUTE.csv); attributes without one are "
            "only suppressed (value -> *)"};
}

std::vector<AttributeGeneralization> generalizationsFor(const BaselineRecords& in, const Options& options)
{
    return loadGeneralizations(in.records, in.qi, options.value("hierarchies").value_or(""));
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

PrivacyModelKind lDiversityOption(const Options& options, const std::string& fallback)
{
    const std::string name = options.value("model").value_or(fallback);
    if (name != "entropy" && name != "distinct" && name != "recursive")
        throw InputError("--model must be entropy, distinct or recursive, got '" + name + "'");
    return parsePrivacyModelKind(name);
}

double cOption(const Options& options, PrivacyModelKind model)
{
    const auto text = options.value("c");
    if (model == PrivacyModelKind::RecursiveCLDiversity) {
        if (!text)
            throw InputError("--model recursive needs --c C (recursive (c,l)-diversity)");
        return parseNumber(*text, "--c");
    }
    if (text)
        throw InputError("--c applies only to --model recursive");
    return 0.0;
}

LossMetricKind metricOption(const Options& options)
{
    return parseLossMetricKind(options.value("metric").value_or("discernibility"));
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
