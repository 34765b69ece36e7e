#!/bin/sh
echo started
