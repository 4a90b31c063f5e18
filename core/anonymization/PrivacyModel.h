#pragma once
#include "core/anonymization/EarthMoversDistance.h"
#include "core/anonymization/EquivalenceClasses.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr {

// A privacy model of group-based anonymization: is one equivalence class anonymous?
// The lattice search knows models only through this interface (one model, one file).
class PrivacyModel {
public:
    virtual ~PrivacyModel() = default;
    // e.g. "5-anonymity", "entropy 3-diversity".
    virtual std::string name() const = 0;
    virtual bool isAnonymous(const EquivalenceClass& c) const = 0;
    // Every model here is monotone under generalization without suppression: a generalization of
    // an anonymous node is anonymous. With a suppression limit, only some stay monotone.
    virtual bool monotoneWithSuppression() const = 0;
};

// Which classes a node must suppress, and whether it satisfies every model within the limit.
struct NodeAssessment {
    bool anonymous = false;
    double suppressedRecords = 0;
    std::vector<char> suppressed; // per class of the partition
};

// A class failing any model is suppressed; the node is anonymous when the suppressed records are
// at most `suppressionLimit` (a fraction of all records, 0 = no suppression).
NodeAssessment assessPartition(const Partition& partition, const std::vector<const PrivacyModel*>& models,
                               double suppressionLimit);

enum class PrivacyModelKind { KAnonymity, DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity, TCloseness };

// The one mapping between option names and kinds: "k" (or "k-anonymity"), "distinct", "entropy",
// "recursive", "t-closeness". InputError naming the choices otherwise.
PrivacyModelKind parsePrivacyModelKind(const std::string& name);
std::string toString(PrivacyModelKind kind);

// What t-closeness needs besides its kind: t in (0, 1], the ground distance, the sensitive distribution of
// the whole table (sensitiveDistribution in TCloseness.h) and, for the hierarchical distance, S's hierarchy.
struct TClosenessInputs {
    double t = 0;
    GroundDistance distance = GroundDistance::Equal;
    std::vector<double> overall;
    std::optional<AttributeGeneralization> sensitive;
};

// k-anonymity uses k; the l-diversity models use l, and c for recursive (c,l)-diversity; t-closeness `t`.
// InputError for parameters out of range.
std::unique_ptr<PrivacyModel> makePrivacyModel(PrivacyModelKind kind, double l, double c = 0, double k = 0,
                                               const TClosenessInputs& t = {});

// The one rule for l (the l-diversity models, anatomy, and the risk bound tau = 1/l): at least 2 (l = 1
// asks for nothing: every group is 1-diverse) and at most kMaxL. InputError naming `what` (e.g. "--l")
// and the range otherwise.
inline constexpr double kMaxL = 1e6;
double checkL(double l, const std::string& what);
// The same, and a whole number (the models that count distinct values: distinct, recursive, anatomy).
int wholeL(double l, const std::string& what);

} // namespace rr
