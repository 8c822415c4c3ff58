/*
 * test_record_tree.c - a record's variation tree through the C ABI: a
 * hand-written KIF with times, comments, an engine score and a variation
 * is read node by node, changed (new variation, comment, time), written
 * and read back.
 */
#include <shogi.h>

#include <string.h>

#include "harness.h"

static const char kif[] =
    "手合割：平手\n"
    "手数----指手---------消費時間--\n"
    "*開始前のコメント\n"
    "   1 ７六歩(77)   ( 0:03/00:00:03)\n"
    "**評価値=45\n"
    "   2 ３四歩(33)   ( 0:05/00:00:05)\n"
    "   3 ２六歩(27)   ( 0:01/00:00:04)\n"
    "\n"
    "変化：2手\n"
    "   2 ８四歩(83)   ( 0:02/00:00:02)\n"
    "*居飛車\n";

/* The move16 of usi, played after the move before (NULL: none). */
static uint32_t usi_after(const char *before, const char *usi) {
    shogi_position_t p = NULL;
    uint32_t m = 0;
    shogi_position_new(&p, NULL);
    if (before) shogi_position_do_move_usi(p, before, NULL, NULL);
    shogi_position_move_from_usi(p, usi, &m, NULL);
    shogi_position_free(p, NULL);
    return m & 0xffff; /* a move16 is enough */
}

TEST(read_change_write) {
    shogi_record_t rec = NULL, back = NULL;
    shogi_record_node_t node;
    uint32_t moves[4], path[3] = {0, 1, 0}, index = 9;
    size_t count = 0, needed = 0, size = 0;
    char buf[256];
    static char text[8192];
    CHECK_INT(shogi_record_parse(kif, sizeof kif - 1, SHOGI_RECORD_KIF, &rec, NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_node_comment(rec, NULL, 0, buf, sizeof buf, &needed, NULL), SHOGI_OK);
    CHECK_STR(buf, "開始前のコメント");
    CHECK_INT(shogi_record_node(rec, path, 1, &node, NULL), SHOGI_OK);
    CHECK_INT(node.move & 0xffff, usi_after(NULL, "7g7f"));
    CHECK_INT(node.child_count, 2);
    CHECK_INT(node.has_time, 1);
    CHECK_INT(node.time_ms, 3000);
    CHECK_INT(node.has_score, 1);
    CHECK_INT(node.score, 45);
    CHECK_INT(shogi_record_node_children(rec, path, 1, moves, 4, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 2);
    CHECK_INT(moves[0] & 0xffff, usi_after("7g7f", "3c3d"));
    CHECK_INT(shogi_record_node(rec, path, 2, &node, NULL), SHOGI_OK);
    CHECK_INT(node.time_ms, 2000);
    CHECK_INT(node.has_score, 0);
    CHECK_INT(shogi_record_node_comment(rec, path, 2, buf, sizeof buf, &needed, NULL), SHOGI_OK);
    CHECK_STR(buf, "居飛車");
    /* Changes after 7g7f 8c8d: 2g2f, with a comment and a time. */
    CHECK_INT(shogi_record_node_add_move(rec, path, 2, usi_after(NULL, "2g2f"), &index, NULL), SHOGI_OK);
    CHECK_INT(index, 0);
    CHECK_INT(shogi_record_node_add_move(rec, path, 2, usi_after(NULL, "7g7f"), &index, NULL), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_record_node_set_comment(rec, path, 3, "a\nb", NULL), SHOGI_OK);
    CHECK_INT(shogi_record_node_set_time(rec, path, 3, 7000, NULL), SHOGI_OK);
    /* Errors: a path beyond the tree, NULL arguments. */
    path[1] = 5;
    CHECK_INT(shogi_record_node(rec, path, 2, &node, NULL), SHOGI_E_INVALID_ARGUMENT);
    path[1] = 1;
    CHECK_INT(shogi_record_node(rec, NULL, 1, &node, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_record_node(rec, path, 1, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_record_node(NULL, path, 1, &node, NULL), SHOGI_E_BAD_HANDLE);
    /* Written as KIF and read back. */
    CHECK_INT(shogi_record_write(rec, SHOGI_RECORD_KIF, 0, text, sizeof text, &size, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_parse(text, strlen(text), SHOGI_RECORD_KIF, &back, NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_node(back, path, 3, &node, NULL), SHOGI_OK);
    CHECK_INT(node.move & 0xffff, usi_after(NULL, "2g2f"));
    CHECK_INT(node.time_ms, 7000);
    CHECK_INT(shogi_record_node_comment(back, path, 3, buf, sizeof buf, &needed, NULL), SHOGI_OK);
    CHECK_STR(buf, "a\nb");
    shogi_record_free(back, NULL);
    shogi_record_free(rec, NULL);
}

int main(void) {
    RUN(read_change_write);
    return harness_summary();
}
