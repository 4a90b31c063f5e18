// core/data/TerminalText: control characters of input text escaped for a terminal, UTF-8 kept (issue 42).
#include "core/data/TerminalText.h"

#include <QtTest>

#include <string>

using rr::escapeControls;

class TestTerminalText : public QObject {
    Q_OBJECT
private slots:
    void escapesEveryControlByte()
    {
        QCOMPARE(escapeControls("\x1b]2;TITLE\x07"), std::string("\\x1b]2;TITLE\\x07"));
        QCOMPARE(escapeControls("\x1b[2J"), std::string("\\x1b[2J"));
        QCOMPARE(escapeControls("a\nb\rc\td"), std::string("a\\x0ab\\x0dc\\x09d"));
        QCOMPARE(escapeControls(std::string("x\0y", 3)), std::string("x\\x00y"));
        QCOMPARE(escapeControls("\x7f"), std::string("\\x7f"));
        for (int c = 0; c < 0x20; ++c) {
            const std::string out = escapeControls(std::string(1, static_cast<char>(c)));
            QCOMPARE(out.size(), std::size_t(4));
            QVERIFY(out.rfind("\\x", 0) == 0);
        }
    }
    void keepsTextAndUtf8()
    {
        QCOMPARE(escapeControls("plain text, 'quoted' ~"), std::string("plain text, 'quoted' ~"));
        QCOMPARE(escapeControls("Zürich – 東京 😀"), std::string("Zürich – 東京 😀"));
        QCOMPARE(escapeControls("\xff\xfe"), std::string("\xff\xfe")); // not UTF-8: kept, nothing acts on it
        QCOMPARE(escapeControls("\xc2\xa0"), std::string("\xc2\xa0")); // U+00A0 is no control
    }
    void escapesC1Controls()
    {
        QCOMPARE(escapeControls("a\xc2\x9b" "2Jb"), std::string("a\\u009b2Jb")); // U+009B: CSI
        QCOMPARE(escapeControls("\xc2\x80"), std::string("\\u0080"));
        QCOMPARE(escapeControls("\xc2"), std::string("\xc2"));
    }
};

QTEST_GUILESS_MAIN(TestTerminalText)
#include "test_terminal_text.moc"
