#include "app/cli/BaselineInputs.h"

#include "app/cli/Dataset.h"
#include "core/anonymization/EarthMoversDistance.h"
#include "core/datasource/PreparedTable.h"
#include "core/data/Errors.h"

#include <cmath>

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
    return checkedSuppression(parseNumber(*text, "--suppression"), *text);
}

double checkedSuppression(double s, const std::string& text)
{
    if (!(s >= 0.0 && s < 1.0))
        throw InputError("--suppression is the fraction of records that may be suppressed, in [0, 1), got " + text);
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

double tOption(const Options& options)
{
    const std::string text = options.required("t");
    return checkedT(parseNumber(text, "--t"), text);
}

double checkedT(double t, const std::string& text)
{
    if (!(std::isfinite(t) && t > 0 && t <= 1))
        throw InputError("--t is the largest earth mover's distance of a class to the whole table, in (0, 1], got " +
                         text);
    return t;
}

GroundDistance tMeasureOption(const Options& options)
{
    return tMeasureNamed(options.value("t-measure").value_or("equal"));
}

GroundDistance tMeasureNamed(const std::string& name)
{
    if (name != "equal" && name != "hierarchical")
        throw InputError("--t-measure must be equal or hierarchical, got '" + name + "'");
    return parseGroundDistance(name);
}

void refuseTOptions(const Options& options, const std::string& model)
{
    for (const char* name : {"t", "t-measure"})
        if (options.value(name))
            throw InputError(std::string("--") + name + " applies to --model t-closeness, not to --model " + model);
}

api::PrivacyModelChoice privacyModelFrom(const Options& options)
{
    api::PrivacyModelChoice m;
    m.model = options.required("model");
    if (m.model == "t-closeness") {
        m.t = tOption(options);
        m.tMeasure = tMeasureOption(options);
    } else {
        refuseTOptions(options, m.model);
    }
    if (const auto k = options.value("k"))
        m.k = parseNumber(*k, "--k");
    if (m.model == "entropy" || m.model == "distinct" || m.model == "recursive")
        m.l = parseNumber(options.required("l"), "--l");
    else if (const auto l = options.value("l"))
        m.l = parseNumber(*l, "--l");
    if (const auto c = options.value("c"))
        m.c = parseNumber(*c, "--c");
    return m;
}

LossMetricKind metricOption(const Options& options)
{
    return parseLossMetricKind(options.value("metric").value_or("discernibility"));
}

} // namespace rr::cli
