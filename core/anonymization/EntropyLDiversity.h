#pragma once
#include "core/anonymization/PrivacyModel.h"

namespace rr {

// Entropy l-diversity (Machanavajjhala et al.; 003 Sec. 2.1.1):
// Entropy(E) = -sum_s p(E,s) log p(E,s) >= log l for every class E.
// Monotone without suppression (the entropy of a merged class is at least the smallest entropy
// of its parts, by concavity), not with suppression: a merge can pull a passing class below log l.
class EntropyLDiversity : public PrivacyModel {
public:
    explicit EntropyLDiversity(double l); // l >= 1, need not be whole
    std::string name() const override;
    bool isAnonymous(const EquivalenceClass& c) const override;
    bool monotoneWithSuppression() const override { return false; }

private:
    double m_l;
    double m_logL;
};

// -sum_s p log p of a class's sensitive distribution (natural log).
double sensitiveEntropy(const EquivalenceClass& c);

} // namespace rr
