#include "core/anonymization/PrivacyModel.h"

#include "core/anonymization/DistinctLDiversity.h"
#include "core/anonymization/EntropyLDiversity.h"
#include "core/anonymization/KAnonymity.h"
#include "core/anonymization/RecursiveCLDiversity.h"
#include "core/anonymization/TCloseness.h"
#include "core/data/Errors.h"

#include <cmath>
#include <sstream>

namespace rr {

NodeAssessment assessPartition(const Partition& partition, const std::vector<const PrivacyModel*>& models,
                               double suppressionLimit)
{
    NodeAssessment a;
    a.suppressed.assign(partition.classes.size(), 0);
    for (std::size_t i = 0; i < partition.classes.size(); ++i) {
        const EquivalenceClass& c = partition.classes[i];
        for (const PrivacyModel* m : models)
            if (!m->isAnonymous(c)) {
                a.suppressed[i] = 1;
                a.suppressedRecords += c.size;
                break;
            }
    }
    a.anonymous = a.suppressedRecords <= suppressionLimit * partition.total + 1e-9;
    return a;
}

double checkL(double l, const std::string& what)
{
    if (!(std::isfinite(l) && l >= 2 && l <= kMaxL)) {
        std::ostringstream os;
        os << what << " must be at least 2 and at most " << static_cast<long>(kMaxL)
           << " (l = 1 asks for nothing), got " << l;
        throw InputError(os.str());
    }
    return l;
}

int wholeL(double l, const std::string& what)
{
    if (!(std::isfinite(l) && l >= 2 && l <= kMaxL && std::floor(l) == l)) {
        std::ostringstream os;
        os << what << " must be at least 2, at most " << static_cast<long>(kMaxL)
           << " and a whole number (l = 1 asks for nothing), got " << l;
        throw InputError(os.str());
    }
    return static_cast<int>(l);
}

PrivacyModelKind parsePrivacyModelKind(const std::string& name)
{
    if (name == "k" || name == "k-anonymity")
        return PrivacyModelKind::KAnonymity;
    if (name == "distinct")
        return PrivacyModelKind::DistinctLDiversity;
    if (name == "entropy")
        return PrivacyModelKind::EntropyLDiversity;
    if (name == "recursive")
        return PrivacyModelKind::RecursiveCLDiversity;
    if (name == "t-closeness")
        return PrivacyModelKind::TCloseness;
    throw InputError("unknown privacy model '" + name + "' (expected k, distinct, entropy, recursive or t-closeness)");
}

std::string toString(PrivacyModelKind kind)
{
    switch (kind) {
    case PrivacyModelKind::KAnonymity: return "k";
    case PrivacyModelKind::DistinctLDiversity: return "distinct";
    case PrivacyModelKind::EntropyLDiversity: return "entropy";
    case PrivacyModelKind::RecursiveCLDiversity: return "recursive";
    case PrivacyModelKind::TCloseness: return "t-closeness";
    }
    return "?";
}

std::unique_ptr<PrivacyModel> makePrivacyModel(PrivacyModelKind kind, double l, double c, double k,
                                               const TClosenessInputs& t)
{
    switch (kind) {
    case PrivacyModelKind::KAnonymity: return std::make_unique<KAnonymity>(k);
    case PrivacyModelKind::DistinctLDiversity:
        return std::make_unique<DistinctLDiversity>(wholeL(l, "l of distinct l-diversity"));
    case PrivacyModelKind::EntropyLDiversity:
        return std::make_unique<EntropyLDiversity>(checkL(l, "l of entropy l-diversity"));
    case PrivacyModelKind::RecursiveCLDiversity:
        return std::make_unique<RecursiveCLDiversity>(c, wholeL(l, "l of recursive (c,l)-diversity"));
    case PrivacyModelKind::TCloseness: return std::make_unique<TCloseness>(t.t, t.distance, t.overall, t.sensitive);
    }
    throw InputError("unknown privacy model");
}

} // namespace rr
