#include "app/cli/BaselineInputs.h"

#include "core/anonymization/EarthMoversDistance.h"
#include "core/data/Errors.h"

#include <cmath>
#include <utility>

namespace rr::cli {

ModelOptionTexts modelOptionTexts(const Options& options)
{
    using T = ModelOptionTexts;
    ModelOptionTexts texts;
    texts.command = options.command();
    readOptions<T>(options, texts,
                   {textOption("model", &T::model), textOption("k", &T::k), textOption("l", &T::l),
                    textOption("c", &T::c), textOption("t", &T::t), textOption("t-measure", &T::tMeasure),
                    textOption("metric", &T::metric), textOption("suppression", &T::suppression),
                    textOption("hierarchies", &T::hierarchies)});
    return texts;
}

int wholeLOption(const ModelOptionTexts& texts)
{
    return wholeL(parseNumber(requiredText(texts.l, texts.command, "l"), "--l"), "--l");
}

OptionSpec hierarchiesOption()
{
    return {"hierarchies", "DIR",
            "folder of ARX hierarchy files (ATTRIBUTE.csv or *hierarchy_ATTRIBUTE.csv); attributes without one are "
            "only suppressed (value -> *)"};
}

double suppressionOption(const ModelOptionTexts& texts)
{
    if (!texts.suppression)
        return 0.0;
    return checkedSuppression(parseNumber(*texts.suppression, "--suppression"), *texts.suppression);
}

double checkedSuppression(double s, const std::string& text)
{
    if (!(s >= 0.0 && s < 1.0))
        throw InputError("--suppression is the fraction of records that may be suppressed, in [0, 1), got " + text);
    return s;
}

PrivacyModelKind lDiversityOption(const ModelOptionTexts& texts, const std::string& fallback)
{
    const std::string name = texts.model.value_or(fallback);
    if (name != "entropy" && name != "distinct" && name != "recursive")
        throw InputError("--model must be entropy, distinct or recursive, got '" + name + "'");
    return parsePrivacyModelKind(name);
}

double cOption(const ModelOptionTexts& texts, PrivacyModelKind model)
{
    if (model == PrivacyModelKind::RecursiveCLDiversity) {
        if (!texts.c)
            throw InputError("--model recursive needs --c C (recursive (c,l)-diversity)");
        return parseNumber(*texts.c, "--c");
    }
    if (texts.c)
        throw InputError("--c applies only to --model recursive");
    return 0.0;
}

double tOption(const ModelOptionTexts& texts)
{
    const std::string text = requiredText(texts.t, texts.command, "t");
    return checkedT(parseNumber(text, "--t"), text);
}

double checkedT(double t, const std::string& text)
{
    if (!(std::isfinite(t) && t > 0 && t <= 1))
        throw InputError("--t is the largest earth mover's distance of a class to the whole table, in (0, 1], got " +
                         text);
    return t;
}

GroundDistance tMeasureOption(const ModelOptionTexts& texts)
{
    return tMeasureNamed(texts.tMeasure.value_or("equal"));
}

GroundDistance tMeasureNamed(const std::string& name)
{
    if (name != "equal" && name != "hierarchical")
        throw InputError("--t-measure must be equal or hierarchical, got '" + name + "'");
    return parseGroundDistance(name);
}

namespace {

void refuseTOptions(const ModelOptionTexts& texts, const std::string& model)
{
    for (const auto& [name, text] : {std::pair{"t", &texts.t}, std::pair{"t-measure", &texts.tMeasure}})
        if (*text)
            throw InputError(std::string("--") + name + " applies to --model t-closeness, not to --model " + model);
}

} // namespace

api::PrivacyModelChoice privacyModelFrom(const ModelOptionTexts& texts)
{
    api::PrivacyModelChoice m;
    m.model = requiredText(texts.model, texts.command, "model");
    if (m.model == "t-closeness") {
        m.t = tOption(texts);
        m.tMeasure = tMeasureOption(texts);
    } else {
        refuseTOptions(texts, m.model);
    }
    if (texts.k)
        m.k = parseNumber(*texts.k, "--k");
    if (m.model == "entropy" || m.model == "distinct" || m.model == "recursive")
        m.l = parseNumber(requiredText(texts.l, texts.command, "l"), "--l");
    else if (texts.l)
        m.l = parseNumber(*texts.l, "--l");
    if (texts.c)
        m.c = parseNumber(*texts.c, "--c");
    return m;
}

LossMetricKind metricOption(const ModelOptionTexts& texts)
{
    return parseLossMetricKind(texts.metric.value_or("discernibility"));
}

} // namespace rr::cli
