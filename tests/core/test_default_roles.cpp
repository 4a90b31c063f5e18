// Issue 45, automatic roles: the last column no longer becomes sensitive whatever it is. Adult keeps its
// published EMGRW roles; a column whose name says it is sensitive is preferred; a column with more than 50
// values (an identifier, a measurement) is never made sensitive; the rest is a guess named as such.
#include "core/analysis/DefaultRoles.h"

#include <QtTest>

using namespace rr;

class TestDefaultRoles : public QObject {
    Q_OBJECT
private slots:
    void adultKeepsEmgrw()
    {
        const DefaultRoles r = defaultRoles({{"age", 0}, {"workclass", 8}, {"education", 16}, {"marital-status", 7},
                                             {"occupation", 14}, {"race", 5}, {"sex", 2}, {"class", 2}});
        QCOMPARE(r.reason, SensitiveReason::Published);
        QCOMPARE(r.spec.sensitive, std::string("workclass"));
        QCOMPARE(r.spec.quasiIdentifiers, (std::vector<std::string>{"education", "marital-status", "sex", "race"}));
    }
    void aNamedColumnWinsOverTheLast()
    {
        const DefaultRoles r = defaultRoles({{"region", 5}, {"Diagnosis_code", 12}, {"sex", 2}, {"visit_month", 12}});
        QCOMPARE(r.reason, SensitiveReason::Named);
        QCOMPARE(r.spec.sensitive, std::string("Diagnosis_code"));
        QCOMPARE(r.spec.quasiIdentifiers, (std::vector<std::string>{"region", "sex", "visit_month"}));
    }
    void aNamedColumnWithManyValuesIsNotSensitive()
    {
        // "income" by name but 300 values, and a last column of 51 values: neither; sex is the guess.
        const DefaultRoles r = defaultRoles({{"sex", 2}, {"income", 300}, {"person_id", 51}});
        QCOMPARE(r.reason, SensitiveReason::Guessed);
        QCOMPARE(r.spec.sensitive, std::string("sex"));
    }
    void theLastColumnWithManyValuesIsSkipped()
    {
        // Today's rule took the last column with up to 64 values: a 60-valued code column.
        const DefaultRoles r = defaultRoles({{"region", 5}, {"status", 3}, {"postcode", 60}});
        QCOMPARE(r.reason, SensitiveReason::Guessed);
        QCOMPARE(r.spec.sensitive, std::string("status"));
        QCOMPARE(defaultSpec({{"region", 5}, {"status", 3}, {"postcode", 60}}).sensitive, std::string("status"));
        const DefaultRoles fifty = defaultRoles({{"region", 5}, {"code", 50}});
        QCOMPARE(fifty.spec.sensitive, std::string("code"));
    }
    void noColumnQualifies()
    {
        const DefaultRoles r = defaultRoles({{"id", 5000}, {"amount", 0}, {"constant", 1}});
        QCOMPARE(r.reason, SensitiveReason::None);
        QVERIFY(r.spec.sensitive.empty());
    }
    void wordsNotSubstrings()
    {
        QVERIFY(nameSaysSensitive("HEALTH-status"));
        QVERIFY(nameSaysSensitive("annual income"));
        QVERIFY(nameSaysSensitive("sensitive"));
        QVERIFY(!nameSaysSensitive("wagers"));     // not the word "wage"
        QVERIFY(!nameSaysSensitive("conditioned")); // not the word "condition"
        QVERIFY(!nameSaysSensitive("class"));
        QVERIFY(!nameSaysSensitive(""));
    }
};

QTEST_APPLESS_MAIN(TestDefaultRoles)
#include "test_default_roles.moc"
