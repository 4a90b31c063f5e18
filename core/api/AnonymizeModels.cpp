#include "core/api/AnonymizeModels.h"

#include "core/anonymization/TCloseness.h"
#include "core/data/Errors.h"

namespace rr::api {
namespace {

// c of recursive (c,l)-diversity: required there, refused elsewhere.
double cOf(const PrivacyModelChoice& m, PrivacyModelKind kind)
{
    if (kind == PrivacyModelKind::RecursiveCLDiversity) {
        if (!m.c)
            throw InputError("--model recursive needs --c C (recursive (c,l)-diversity)");
        return *m.c;
    }
    if (m.c)
        throw InputError("--c applies only to --model recursive");
    return 0.0;
}

std::unique_ptr<PrivacyModel> lDiversityModel(const PrivacyModelChoice& m)
{
    if (m.model != "entropy" && m.model != "distinct" && m.model != "recursive")
        throw InputError("--model must be entropy, distinct, recursive, t-closeness or k, got '" + m.model + "'");
    const PrivacyModelKind kind = parsePrivacyModelKind(m.model);
    if (!m.l)
        throw InputError("--model " + m.model + " needs --l L");
    // The one rule for l (core/anonymization/PrivacyModel.h), named as the option.
    const double l = kind == PrivacyModelKind::EntropyLDiversity ? checkL(*m.l, "--l") : wholeL(*m.l, "--l");
    return makePrivacyModel(kind, l, cOf(m, kind));
}

TClosenessInputs tClosenessOf(const PrivacyModelChoice& m, const ContingencyTable& joint, const Attribute& sensitive,
                              const std::string& hierarchies)
{
    TClosenessInputs in;
    in.t = m.t;
    in.distance = m.tMeasure;
    in.overall = sensitiveDistribution(joint);
    if (in.distance == GroundDistance::Hierarchical)
        in.sensitive = sensitiveHierarchyFrom(hierarchies, sensitive);
    return in;
}

} // namespace

std::vector<std::unique_ptr<PrivacyModel>> privacyModelsOf(const PrivacyModelChoice& m, const ContingencyTable& joint,
                                                           const Attribute& sensitive, const std::string& hierarchies,
                                                           TClosenessInputs& t)
{
    std::vector<std::unique_ptr<PrivacyModel>> models;
    if (m.model == "k") {
        if (!m.k)
            throw InputError("--model k needs --k K");
        if (m.l)
            throw InputError("--l applies to the l-diversity models, not to --model k");
        models.push_back(makePrivacyModel(PrivacyModelKind::KAnonymity, 0, 0, *m.k));
        return models;
    }
    if (m.model == "t-closeness") {
        if (m.l || m.c)
            throw InputError("--l and --c apply to the l-diversity models, not to --model t-closeness");
        t = tClosenessOf(m, joint, sensitive, hierarchies);
        models.push_back(makePrivacyModel(PrivacyModelKind::TCloseness, 0, 0, 0, t));
    } else {
        models.push_back(lDiversityModel(m));
    }
    if (m.k)
        models.push_back(makePrivacyModel(PrivacyModelKind::KAnonymity, 0, 0, *m.k));
    return models;
}

} // namespace rr::api
