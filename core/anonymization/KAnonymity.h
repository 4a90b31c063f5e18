#pragma once
#include "core/anonymization/PrivacyModel.h"

namespace rr {

// k-anonymity (Samarati and Sweeney; 003 Definition 1): every class holds at least k records.
class KAnonymity : public PrivacyModel {
public:
    explicit KAnonymity(double k); // k >= 1 (InputError otherwise)
    std::string name() const override;
    bool isAnonymous(const EquivalenceClass& c) const override;
    bool monotoneWithSuppression() const override { return true; }
    double k() const { return m_k; }

private:
    double m_k;
};

} // namespace rr
