#pragma once
#include "core/anonymization/PrivacyModel.h"

namespace rr {

// Distinct l-diversity (Machanavajjhala et al.; 003 Sec. 2.1.1): every class holds at least
// l distinct sensitive values. Monotone with suppression too: a merged class has at least as
// many distinct values as each of its parts.
class DistinctLDiversity : public PrivacyModel {
public:
    explicit DistinctLDiversity(int l); // l >= 1
    std::string name() const override;
    bool isAnonymous(const EquivalenceClass& c) const override;
    bool monotoneWithSuppression() const override { return true; }

private:
    int m_l;
};

} // namespace rr
