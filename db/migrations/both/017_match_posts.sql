-- A match's posts that later ones edit (issue 37): the board in its thread (user_id 0) and
-- each player's private view by DM, with the turn each was posted in. While the same
-- player keeps acting, the turn's post is edited in place; when the turn passes, a new
-- board is posted and the one it supersedes loses its buttons. ``version``: the match's
-- version the post shows (a late, older update never replaces a newer post).
CREATE TABLE match_posts (
    match_id   {{big}}  NOT NULL REFERENCES matches (id),
    user_id    {{big}}  NOT NULL,
    channel_id {{big}}  NOT NULL,
    message_id {{big}}  NOT NULL,
    turn       TEXT,
    version    INTEGER NOT NULL,
    buttons    {{flag}} NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, user_id)
);
