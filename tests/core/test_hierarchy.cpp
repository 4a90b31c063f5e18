// Generalization hierarchies in the ARX format: parsing, validation errors, binding to data.
#include "EsgroData.h"

#include "core/anonymization/Hierarchy.h"
#include "core/data/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace rr;
using namespace rr::testdata;

namespace {

Hierarchy parse(const std::string& text)
{
    std::istringstream in(text);
    return parseHierarchy(in, "test");
}

// The InputError message of `f`, or "" when it does not throw one.
template <typename F>
std::string errorOf(F f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

void writeFile(const QString& path, const std::string& text)
{
    std::ofstream out(path.toStdString(), std::ios::binary);
    out << text;
}

Attribute attribute(const std::string& name, std::vector<std::string> categories)
{
    Attribute a;
    a.name = name;
    a.categories = std::move(categories);
    for (std::size_t i = 0; i < a.categories.size(); ++i)
        a.codes.push_back(static_cast<int32_t>(i));
    return a;
}

} // namespace

class TestHierarchy : public QObject {
    Q_OBJECT
private slots:
    void parsesArxEducation()
    {
        const Hierarchy h = readHierarchyFile(arxFolder() + "/adult_hierarchy_education.csv");
        QCOMPARE(h.valueCount(), std::size_t(16));
        QCOMPARE(h.levelCount(), 4);
        QCOMPARE(h.levelLabels(1).size(),
                 std::size_t(5)); // Undergraduate, High School, Professional, Graduate, Primary
        QCOMPARE(h.levelLabels(2).size(), std::size_t(3)); // Higher, Secondary, Primary education
        QCOMPARE(h.levelLabels(3), std::vector<std::string>{"*"});
        const int masters = h.rowOf("Masters");
        QVERIFY(masters >= 0);
        QCOMPARE(h.levelLabels(1)[h.codeAt(masters, 1)], std::string("Graduate"));
        QCOMPARE(h.levelLabels(2)[h.codeAt(masters, 2)], std::string("Higher education"));
        QCOMPARE(h.rowOf("Kindergarten"), -1);
    }

    void bindsToData()
    {
        const Attribute edu = attribute("education", {"Masters", "Doctorate", "HS-grad", "Preschool"});
        const AttributeGeneralization g =
            bindHierarchy(readHierarchyFile(arxFolder() + "/adult_hierarchy_education.csv"), edu);
        QCOMPARE(g.levelCount(), 4);
        // Only labels the data reaches are kept: Graduate, High School, Primary School.
        QCOMPARE(g.domainAt(1), 3);
        QCOMPARE(g.codeAt[1][0], g.codeAt[1][1]); // Masters and Doctorate are both Graduate
        QVERIFY(g.codeAt[1][0] != g.codeAt[1][2]);
        QCOMPARE(g.labels[1][g.codeAt[1][2]], std::string("High School"));
        QCOMPARE(g.coverSizes(1), (std::vector<int>{2, 1, 1}));
        QCOMPARE(g.coverSizes(3), (std::vector<int>{4}));
        QCOMPARE(g.domainAt(2), 3); // Higher, Secondary, Primary education
    }

    void toleratesBomCrlfBlankLinesAndOtherDelimiters()
    {
        const Hierarchy a = parse("\xEF\xBB\xBF"
                                  "a;x;*\r\nb;x;*\r\n\r\nc ; y ;*\r\n");
        QCOMPARE(a.valueCount(), std::size_t(3));
        QCOMPARE(a.levelLabels(0), (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(a.levelLabels(1), (std::vector<std::string>{"x", "y"}));
        const Hierarchy b = parse("\"a\",x,*\nb,x,*\n");
        QCOMPARE(b.levelLabels(0), (std::vector<std::string>{"a", "b"}));
    }

    void refusesMalformedHierarchies_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("empty") << "\n\n"
                               << "empty";
        QTest::newRow("one level") << "a\nb\n"
                                   << "at least two levels";
        QTest::newRow("ragged") << "a;x;*\nb;*\n"
                                << "row 2 has 2 levels";
        QTest::newRow("duplicate value") << "a;x;*\na;y;*\n"
                                         << "'a' is listed twice";
        QTest::newRow("empty label") << "a;;*\n"
                                     << "empty label at level 1";
        QTest::newRow("inconsistent levels") << "a;x;p;*\nb;x;q;*\n"
                                             << "inconsistent levels";
        QTest::newRow("several roots") << "a;x\nb;y\n"
                                       << "last level must be one value";
    }
    void refusesMalformedHierarchies()
    {
        QFETCH(QString, text);
        QFETCH(QString, fragment);
        const std::string msg = errorOf([&] { parse(text.toStdString()); });
        QVERIFY2(msg.find(fragment.toStdString()) != std::string::npos, msg.c_str());
        QVERIFY(msg.find("hierarchy test") != std::string::npos); // names its source
    }

    void bindingNamesMissingValues()
    {
        const Hierarchy h = parse("a;*\nb;*\n");
        const std::string msg = errorOf([&] { bindHierarchy(h, attribute("colour", {"a", "c", "d"})); });
        QVERIFY2(msg.find("'colour'") != std::string::npos, msg.c_str());
        QVERIFY2(msg.find("lacks 2 value(s)") != std::string::npos, msg.c_str());
        QVERIFY2(msg.find("'c', 'd'") != std::string::npos, msg.c_str());
    }

    void missingFileIsAnInputError()
    {
        const std::string msg = errorOf([] { readHierarchyFile("/nonexistent/h.csv"); });
        QVERIFY2(msg.find("cannot open") != std::string::npos, msg.c_str());
    }

    void suppressionOnly()
    {
        const AttributeGeneralization g = suppressionGeneralization(attribute("sex", {"Male", "Female"}));
        QCOMPARE(g.levelCount(), 2);
        QCOMPARE(g.labels[0], (std::vector<std::string>{"Male", "Female"}));
        QCOMPARE(g.labels[1], std::vector<std::string>{"*"});
        QCOMPARE(g.codeAt[1], (std::vector<int>{0, 0}));
        QCOMPARE(g.source, std::string("suppression"));
    }

    void loadsFromAFolderWithSuppressionFallback()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeFile(dir.filePath("data_hierarchy_colour.csv"), "red;warm;*\norange;warm;*\nblue;cold;*\n");
        Table t;
        t.attributes.push_back(attribute("colour", {"red", "blue"}));
        t.attributes.push_back(attribute("size", {"S", "M", "L"}));
        const auto gs = loadGeneralizations(t, {0, 1}, dir.path().toStdString());
        QCOMPARE(gs.size(), std::size_t(2));
        QCOMPARE(gs[0].levelCount(), 3);
        QVERIFY(gs[0].source.find("data_hierarchy_colour.csv") != std::string::npos);
        QCOMPARE(gs[1].levelCount(), 2);
        QCOMPARE(gs[1].source, std::string("suppression"));
        // No folder: suppression only.
        QCOMPARE(loadGeneralizations(t, {0}, "")[0].source, std::string("suppression"));
        // Two files for one attribute, or a missing folder: errors naming the problem.
        writeFile(dir.filePath("colour.csv"), "red;*\nblue;*\n");
        std::string msg = errorOf([&] { loadGeneralizations(t, {0}, dir.path().toStdString()); });
        QVERIFY2(msg.find("several hierarchy files") != std::string::npos, msg.c_str());
        msg = errorOf([&] { loadGeneralizations(t, {0}, dir.filePath("nope").toStdString()); });
        QVERIFY2(msg.find("does not exist") != std::string::npos, msg.c_str());
    }

    void esgroHierarchies()
    {
        const Esgro e = esgro();
        QCOMPARE(e.table.rowCount(), std::size_t(30162));
        QCOMPARE(e.hierarchies.size(), std::size_t(4));
        QCOMPARE(e.hierarchies[0].levelCount(), 4); // education
        QCOMPARE(e.hierarchies[1].levelCount(), 2); // salary-class
        QCOMPARE(e.hierarchies[2].levelCount(), 2); // sex
        QCOMPARE(e.hierarchies[3].levelCount(), 2); // race
        QCOMPARE(e.hierarchies[0].domainAt(0), 16);
        QCOMPARE(e.hierarchies[3].domainAt(0), 5);
    }
};

QTEST_GUILESS_MAIN(TestHierarchy)
#include "test_hierarchy.moc"
